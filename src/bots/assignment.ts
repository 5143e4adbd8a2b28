/**
 * The assignment problem: give each row its own column so that the chosen
 * costs add up to the least total. The Hungarian method with potentials,
 * one row at a time, each row O(rows × columns); so the greedy player can
 * match every piece but the moving one once, then try each destination of
 * that piece as one more row.
 */
export class Assignment {
  readonly columns: number;
  private rows = 0;
  /** The costs of the rows added so far, row by row, with room for one more. */
  private readonly costs: Float64Array;
  // 1-based, as the method is usually written: column 0 is where each new row's search starts.
  private readonly rowPotential: Float64Array;
  private readonly columnPotential: Float64Array;
  /** The row given each column, 0 for none. */
  private readonly rowOf: Int32Array;
  // A copy of the three above, for `totalWith`.
  private readonly trialRowPotential: Float64Array;
  private readonly trialColumnPotential: Float64Array;
  private readonly trialRowOf: Int32Array;
  // Scratch space for one row's search.
  private readonly previous: Int32Array;
  private readonly slack: Float64Array;
  private readonly visited: Uint8Array;

  constructor(columns: number) {
    this.columns = columns;
    this.costs = new Float64Array((columns + 1) * columns);
    this.rowPotential = new Float64Array(columns + 1);
    this.columnPotential = new Float64Array(columns + 1);
    this.rowOf = new Int32Array(columns + 1);
    this.trialRowPotential = new Float64Array(columns + 1);
    this.trialColumnPotential = new Float64Array(columns + 1);
    this.trialRowOf = new Int32Array(columns + 1);
    this.previous = new Int32Array(columns + 1);
    this.slack = new Float64Array(columns + 1);
    this.visited = new Uint8Array(columns + 1);
  }

  /** Adds a row: `costs[column]` is what giving it each column costs. There must be a column left for it. */
  add(costs: ArrayLike<number>): void {
    this.place(costs);
    this.augment(this.rowPotential, this.columnPotential, this.rowOf);
    this.rows++;
  }

  /** The least total of the rows added so far. */
  get total(): number {
    return this.sum(this.rowOf);
  }

  /** The least total if one more row with these costs were added; the assignment stays as it is. */
  totalWith(costs: ArrayLike<number>): number {
    this.place(costs);
    this.trialRowPotential.set(this.rowPotential);
    this.trialColumnPotential.set(this.columnPotential);
    this.trialRowOf.set(this.rowOf);
    this.augment(this.trialRowPotential, this.trialColumnPotential, this.trialRowOf);
    return this.sum(this.trialRowOf);
  }

  /** Writes the costs of the next row after the rows added so far. */
  private place(costs: ArrayLike<number>): void {
    if (this.rows >= this.columns) throw new RangeError(`no column left for row ${this.rows + 1}`);
    this.costs.set(costs, this.rows * this.columns);
  }

  /** Gives the next row (1-based `rows + 1`) a column, moving other rows along the cheapest alternating path. */
  private augment(rowPotential: Float64Array, columnPotential: Float64Array, rowOf: Int32Array): void {
    const { columns, costs, previous, slack, visited } = this;
    rowOf[0] = this.rows + 1;
    slack.fill(Number.POSITIVE_INFINITY);
    visited.fill(0);
    let column = 0;
    do {
      visited[column] = 1;
      const row = rowOf[column];
      let delta = Number.POSITIVE_INFINITY;
      let next = 0;
      for (let j = 1; j <= columns; j++) {
        if (visited[j]) continue;
        const reduced = costs[(row - 1) * columns + j - 1] - rowPotential[row] - columnPotential[j];
        if (reduced < slack[j]) {
          slack[j] = reduced;
          previous[j] = column;
        }
        if (slack[j] < delta) {
          delta = slack[j];
          next = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (visited[j]) {
          rowPotential[rowOf[j]] += delta;
          columnPotential[j] -= delta;
        } else slack[j] -= delta;
      }
      column = next;
    } while (rowOf[column] !== 0);
    // Along the path back to column 0, each column takes the row of the column before it.
    do {
      const before = previous[column];
      rowOf[column] = rowOf[before];
      column = before;
    } while (column !== 0);
  }

  private sum(rowOf: Int32Array): number {
    let total = 0;
    for (let j = 1; j <= this.columns; j++) {
      if (rowOf[j] !== 0) total += this.costs[(rowOf[j] - 1) * this.columns + j - 1];
    }
    return total;
  }
}
