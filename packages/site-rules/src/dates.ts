import { site } from './site';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "22 November 2026": the calendar date at the office in Nairobi. Written out rather than with
 * Intl.DateTimeFormat, whose time-zone data load was a ~90 ms task on a phone (measured on
 * /payment-success at 4x CPU throttling); the test holds it to Intl's answer.
 */
export function formatOfficeDate(at: Date | number | string): string {
  const time = new Date(at).getTime();
  if (!Number.isFinite(time)) return '';
  const office = new Date(time + site.hours.utcOffsetMinutes * 60_000);
  return `${office.getUTCDate()} ${MONTHS[office.getUTCMonth()]} ${office.getUTCFullYear()}`;
}
