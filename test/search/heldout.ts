/**
 * A second, held-out set of members' questions and short phrases, written from the catalogue's
 * entries (not from the search's answers) and phrased differently from questions.ts. It guards
 * against tuning to one set: a ranking change should lift both. Labelled before the search was
 * run on it; an empty `expect` means the honest answer is "nothing in the catalogue".
 */
import type { LabelledQuestion } from './questions.js';

export const HELDOUT_QUESTIONS: readonly LabelledQuestion[] = [
  // Testing and local networks
  {
    question: 'my tests take forever against solana-test-validator, anything faster?',
    expect: ['litesvm', 'litesvm-npm', 'mollusk', 'anchor-litesvm'],
  },
  { question: 'run the svm in-process for typescript integration tests', expect: ['litesvm-npm', 'anchor-litesvm', 'litesvm'] },
  { question: 'helper crate for spl tokens when testing with litesvm', expect: ['litesvm-token'] },
  // Client libraries
  {
    question: 'how do i build and sign transactions in rust off chain',
    expect: ['solana-sdk-rust', 'solana-client-rust', 'solana-rpc-client-rust'],
  },
  { question: 'decode account data bytes in typescript', expect: ['solana-codecs-module', 'solana-kit'] },
  { question: 'how do i set a priority fee on my transaction with kit', expect: ['solana-program-compute-budget'] },
  { question: 'create and delegate a stake account from javascript', expect: ['solana-program-stake'] },
  { question: 'attach a memo to a transfer', expect: ['solana-program-memo'] },
  { question: 'my transaction has too many accounts, lookup tables?', expect: ['solana-program-address-lookup-table'] },
  { question: 'kit version of @solana/spl-token', expect: ['solana-program-token'] },
  { question: 'call my anchor program from a rust backend service', expect: ['anchor-client-crate'] },
  { question: 'use the token program from inside an anchor program via cpi', expect: ['anchor-spl-crate'] },
  { question: 'anchorpy fails to parse my new idl format', expect: ['anchorpy3'] },
  { question: 'flutter app needs an rpc client', expect: ['solana-dart'] },
  { question: 'c# library for solana games', expect: ['solana-unity-sdk'] },
  { question: 'android dapp in kotlin talking to the wallet app on the phone', expect: ['mwa-kotlin-clientlib'] },
  // Tokens and NFTs
  {
    question: 'create a token that takes a fee on every transfer',
    expect: ['token-extensions-docs', 'spl-token-2022-crate', 'solana-program-token-2022', 'chainstack-token-extensions'],
  },
  { question: 'confidential transfers in rust', expect: ['spl-token-2022-crate'] },
  { question: 'launch an nft drop that mints core assets', expect: ['mpl-core-candy-machine'] },
  {
    question: 'cheapest way to mint a million nfts',
    expect: ['mpl-bubblegum', 'underdog-protocol-api', 'crossmint-minting-api', 'metaplex-developer-hub'],
  },
  { question: 'where are the bubblegum docs', expect: ['metaplex-developer-hub', 'mpl-bubblegum'] },
  // Data, RPC and streaming
  { question: 'where is the list of rpc methods like getProgramAccounts', expect: ['solana-rpc-reference'] },
  { question: 'node client to subscribe to yellowstone slot and block updates', expect: ['yellowstone-grpc-ts-client'] },
  { question: 'npm package for helius laserstream', expect: ['helius-laserstream'] },
  { question: 'turn raw transactions into something readable', expect: ['shyft-transaction-parser'] },
  { question: 'api that returns the token balances of a wallet', expect: ['moralis-solana-api', 'helius-das-api'] },
  { question: 'run dune queries from a python script', expect: ['dune-client-python'] },
  { question: 'which dune tables have solana dex trades', expect: ['dune-solana-data-catalog', 'dune-api'] },
  { question: 'list of solana rpc urls and chain ids', expect: ['ankr-solana-rpc-urls', 'solana-public-rpc'] },
  { question: 'which explorer is made by helius', expect: ['orb-explorer'] },
  // Prices, swaps and markets
  { question: 'live token prices over a websocket', expect: ['birdeye-data-api', 'coingecko-api', 'pyth-hermes', 'pyth-hermes-client'] },
  { question: 'pull coingecko prices into python', expect: ['coingecko-python'] },
  { question: 'pyth price updates streamed with server sent events', expect: ['pyth-hermes', 'pyth-hermes-client'] },
  { question: 'get swap instructions instead of a whole transaction', expect: ['dflow-swap-api'] },
  { question: 'jupiter docs for recurring dca orders', expect: ['jupiter-developer-docs'] },
  // Payments and x402
  { question: 'take stablecoins through stripe checkout', expect: ['stripe-stablecoin-payments'] },
  { question: 'generate a payment link from my server', expect: ['moonpay-commerce-api', 'moonpay-commerce-pay-link-guide'] },
  { question: 'put a paywall in front of my hono api', expect: ['x402-hono'] },
  { question: 'next.js middleware that charges usdc per request', expect: ['x402-next'] },
  { question: 'axios interceptor for 402 payment required', expect: ['x402-axios'] },
  { question: 'x402 for a python server', expect: ['x402-python'] },
  { question: 'self-host my own x402 facilitator', expect: ['x402-facilitator-guide'] },
  { question: 'prebuilt react component for a usdc checkout', expect: ['coinflow-crypto-pay-ins'] },
  { question: 'send usdc across chains with circle', expect: ['circle-bridge-kit', 'circle-apis', 'circle-adapter-solana-kit'] },
  // Wallets, signers and accounts
  {
    question: 'sign from a fireblocks or turnkey backend with one interface',
    expect: ['solana-keychain', 'solana-keychain-ts', 'turnkey-solana'],
  },
  { question: 'rest api for squads smart accounts', expect: ['squads-api'] },
  { question: 'render blinks inside my react app', expect: ['dialect-blinks'] },
  {
    question: 'which package do i use to build an action that returns a transaction',
    expect: ['solana-actions-sdk', 'actions-and-blinks'],
  },
  // AI agents
  { question: 'set up cursor or windsurf for solana coding', expect: ['coding-with-agents', 'solana-developer-mcp'] },
  { question: 'agent kit plugin for swaps and defi', expect: ['solana-agent-kit-plugin-defi'] },
  { question: 'directory of mcp servers for solana', expect: ['awesome-solana-mcp-servers'] },
  // Tools, docs and learning
  { question: 'stand up a testnet validator node', expect: ['agave-setup-validator', 'agave-docs'] },
  { question: 'anchor documentation in chinese', expect: ['anchor-docs-chinese'] },
  { question: 'nextjs starter wired up with wallet adapter', expect: ['create-solana-dapp', 'solana-developers-preset-next'] },
  { question: 'vscode extension for solana playground', expect: ['solana-playground-vscode'] },
  { question: 'is there a book on solana development', expect: ['ackee-solana-book'] },
  { question: 'discussion forum for solana devs', expect: ['solana-forum', 'solana-stack-exchange'] },
  { question: 'blog post walking through steel', expect: ['helius-blog-steel'] },
  { question: 'code from the 2024 developer bootcamp', expect: ['developer-bootcamp-2024'] },
  // Not in the catalogue
  { question: 'how do i deploy a contract on arbitrum', expect: [] },
  { question: 'actix or axum for a rest backend', expect: [] },
  { question: 'helm chart for a postgres cluster', expect: [] },
  { question: 'how to stake eth with lido', expect: [] },
  { question: 'pandas groupby with multiple columns', expect: [] },
  { question: 'tron usdt transfer api', expect: [] },
  { question: 'how to get hired as a junior developer', expect: [] },
  { question: 'solidity reentrancy guard example', expect: [] },
  { question: 'unreal engine multiplayer replication', expect: [] },
  { question: 'regex to validate an email address', expect: [] },
];

/** Short phrases as members type them into the search box: held out like the questions above. */
export const HELDOUT_PHRASES: readonly LabelledQuestion[] = [
  { question: 'faster tests', expect: ['litesvm', 'litesvm-npm', 'mollusk'] },
  {
    question: 'priority fees',
    expect: ['solana-program-compute-budget', 'solana-fee-structure', 'helius-priority-fee-api', 'quicknode-priority-fee-api'],
  },
  { question: 'lookup tables', expect: ['solana-program-address-lookup-table'] },
  { question: 'memo program', expect: ['solana-program-memo'] },
  { question: 'stake account', expect: ['solana-program-stake'] },
  { question: 'codecs', expect: ['solana-codecs-module'] },
  { question: 'yellowstone client', expect: ['yellowstone-grpc-ts-client', 'yellowstone-grpc'] },
  { question: 'x402 python', expect: ['x402-python'] },
  { question: 'hono paywall', expect: ['x402-hono'] },
  { question: 'dune python', expect: ['dune-client-python'] },
  { question: 'nft drop', expect: ['mpl-candy-machine', 'mpl-core-candy-machine'] },
  { question: 'anchor spl', expect: ['anchor-spl-crate'] },
  { question: 'seed vault', expect: ['solana-seed-vault-dart'] },
  { question: 'transaction parser', expect: ['shyft-transaction-parser'] },
  { question: 'pay links', expect: ['moonpay-commerce-api', 'moonpay-commerce-pay-link-guide'] },
  { question: 'token balances', expect: ['moralis-solana-api', 'helius-das-api'] },
  { question: 'stack exchange', expect: ['solana-stack-exchange'] },
  { question: 'kotlin multiplatform', expect: ['solana-kotlin'] },
  { question: 'wallet standard', expect: ['wallet-standard'] },
  { question: 'rpc client rust', expect: ['solana-client-rust', 'solana-rpc-client-rust'] },
];
