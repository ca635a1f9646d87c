/** How dates and moments are written: in `date` values, and wherever a date or a moment is shown. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
