/**
 * L2-regularised logistic regression fitted by Newton's method, deterministic: the same rows in the same
 * order give the same weights, bit for bit. ml-matrix does the linear algebra (the Cholesky solve of each
 * Newton step); the loss, its gradient and Hessian are the few lines below.
 */
import { CholeskyDecomposition, Matrix } from 'ml-matrix';

export interface Row {
  x: ArrayLike<number>;
  /** 1 or 0. */
  y: number;
  /** How much this row counts (rows of one question share its weight). */
  weight: number;
}

export interface LogisticFit {
  weights: number[];
  bias: number;
  iterations: number;
}

export interface LogisticOptions {
  /** Fit an intercept (not regularised). Pairwise ranking rows have none. */
  intercept: boolean;
  /** Strength of the L2 penalty on the weights (not the intercept). */
  lambda: number;
  maxIterations?: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Fits `rows`; features are taken as given (they are 0–1 shares or scores of similar size). */
export function fitLogistic(rows: readonly Row[], dims: number, options: LogisticOptions): LogisticFit {
  const n = dims + (options.intercept ? 1 : 0);
  let w = new Array<number>(n).fill(0);
  const design = (row: Row) => (options.intercept ? [...Array.from(row.x), 1] : Array.from(row.x));
  const xs = rows.map(design);
  let iterations = 0;
  for (; iterations < (options.maxIterations ?? 100); iterations++) {
    const gradient = new Array<number>(n).fill(0);
    const hessian = Matrix.zeros(n, n);
    rows.forEach((row, r) => {
      const x = xs[r] as number[];
      const p = sigmoid(x.reduce((sum, v, k) => sum + v * (w[k] ?? 0), 0));
      const g = row.weight * (p - row.y);
      const h = row.weight * p * (1 - p);
      for (let a = 0; a < n; a++) {
        gradient[a] = (gradient[a] ?? 0) + g * (x[a] ?? 0);
        for (let b = 0; b <= a; b++) hessian.set(a, b, hessian.get(a, b) + h * (x[a] ?? 0) * (x[b] ?? 0));
      }
    });
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < a; b++) hessian.set(b, a, hessian.get(a, b));
      const penalised = !(options.intercept && a === n - 1);
      if (penalised) {
        gradient[a] = (gradient[a] ?? 0) + options.lambda * (w[a] ?? 0);
        hessian.set(a, a, hessian.get(a, a) + options.lambda);
      } else hessian.set(a, a, hessian.get(a, a) + 1e-9);
    }
    const step = new CholeskyDecomposition(hessian).solve(Matrix.columnVector(gradient)).to1DArray();
    w = w.map((v, k) => v - (step[k] ?? 0));
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return {
    weights: options.intercept ? w.slice(0, -1) : w,
    bias: options.intercept ? (w[n - 1] ?? 0) : 0,
    iterations,
  };
}

/** A number kept to 6 significant digits: stored weights read the same on every machine. */
export function rounded(value: number): number {
  return value === 0 ? 0 : Number(value.toPrecision(6));
}
