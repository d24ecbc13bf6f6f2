// The figures `npm run bench` measures against the budgets of issue 12, printed as one table at the
// end. Figures only: a figure over its budget is shown as OVER, nothing fails.

type Figure = { name: string; value: number; unit: string; budget: number; atLeast: boolean };

const figures: Figure[] = [];

/** A figure that should stay at or below its budget (a time, a size). */
export function atMost(name: string, value: number, unit: string, budget: number): void {
  figures.push({ name, value, unit, budget, atLeast: false });
}

/** A figure that should reach its budget (a rate, a ratio). */
export function atLeast(name: string, value: number, unit: string, budget: number): void {
  figures.push({ name, value, unit, budget, atLeast: true });
}

const format = (value: number) =>
  Number.isFinite(value) ? (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2)) : 'n/a';

export function printBudgets(): void {
  if (figures.length === 0) return;
  const width = Math.max(...figures.map((f) => f.name.length));
  console.log('\nFigures against their budgets');
  for (const f of figures) {
    const within = f.atLeast ? f.value >= f.budget : f.value <= f.budget;
    const budget = `${f.atLeast ? '≥' : '≤'} ${format(f.budget)} ${f.unit}`.trim();
    const value = `${format(f.value)} ${f.unit}`.trim();
    console.log(
      `  ${within ? 'within' : 'OVER  '}  ${f.name.padEnd(width)}  ${value.padStart(12)}  (budget ${budget})`,
    );
  }
}
