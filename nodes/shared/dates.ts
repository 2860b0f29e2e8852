// Dates as Peru's services count them: today in Lima, and whether a year, month and day make a real
// calendar date. The lookup's exchange-rate dates and SUNAT Invoice's issue date use them.

/** Lima has no daylight saving time: it is always UTC-5. */
export function todayInLima(now: Date = new Date()): string {
	return new Date(now.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Whether a year, month and day name a day the calendar has (2024-02-29 does, 2023-02-29 does not). */
export function isRealDate(year: number, month: number, day: number): boolean {
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
