/**
 * Worker thread entry: loads and checks one catalogue folder and posts the LoadResult back.
 * Parsing a large catalogue takes seconds; here it cannot delay a single interaction.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalogue } from '../catalogue/load.js';

const { dir } = workerData as { dir: string };
parentPort?.postMessage(await loadCatalogue(dir));
