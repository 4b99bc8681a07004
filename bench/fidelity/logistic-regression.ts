/**
 * Weighted logistic regression fitted by Newton's method (iteratively reweighted least squares)
 * with a small L2 penalty on the coefficients (not the intercept), which keeps them finite when a
 * feature separates the classes perfectly.
 */
export interface LogisticFit {
  readonly intercept: number;
  readonly coefficients: readonly number[];
}

export interface Sample {
  readonly x: readonly number[];
  /** 1 or 0. */
  readonly y: number;
  readonly weight: number;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function predict(fit: LogisticFit, x: readonly number[]): number {
  return sigmoid(fit.intercept + fit.coefficients.reduce((s, c, i) => s + c * x[i], 0));
}

export function fitLogistic(samples: readonly Sample[], l2 = 1, iterations = 50): LogisticFit {
  const d = samples[0].x.length + 1; // intercept first
  let beta = new Array<number>(d).fill(0);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const gradient = beta.map((b, j) => (j === 0 ? 0 : -l2 * b));
    const hessian = beta.map((_, j) => beta.map((__, k) => (j === k && j > 0 ? l2 : 0)));
    for (const { x, y, weight } of samples) {
      const row = [1, ...x];
      const p = sigmoid(row.reduce((s, v, j) => s + v * beta[j], 0));
      for (let j = 0; j < d; j++) {
        gradient[j] += weight * (y - p) * row[j];
        for (let k = 0; k < d; k++) hessian[j][k] += weight * p * (1 - p) * row[j] * row[k];
      }
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, j) => b + step[j]);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return { intercept: beta[0], coefficients: beta.slice(1) };
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let r = col + 1; r < n; r++) {
      const factor = m[r][col] / m[col][col];
      for (let c = col; c <= n; c++) m[r][c] -= factor * m[col][c];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r][n];
    for (let c = r + 1; c < n; c++) sum -= m[r][c] * x[c];
    x[r] = sum / m[r][r];
  }
  return x;
}
