// CSV files the console hands out (batch results, the audit log) are opened in spreadsheets.

/**
 * Cells a spreadsheet would run as a formula get a leading quote (Papa.unparse's escapeFormulae).
 * Numbers and phone numbers (+1 415…, -12.5) are left alone: they are data, and spreadsheets read
 * them as such.
 */
export const CSV_FORMULA = /^[=@\t\r]|^[+-](?![\d\s().-]*$)/;
