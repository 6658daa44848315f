/** Saves text as a file through a temporary object URL (works offline, no server round trip). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // A BOM so spreadsheet apps read the UTF-8 names right.
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the URL to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
