export const servicesEyebrow = 'Our services';

/** The year the company was founded, for "since 2023"-style phrasing. */
export function foundedYear(incorporatedOn: string): string {
  return incorporatedOn.slice(0, 4);
}
