/** Saves a downloaded file under a name the user recognises. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked well after the click: the browser reads the blob when the download starts, which on a busy
  // machine can be later than the next turn (a link revoked too early is a download that silently never
  // starts). A minute holds the file's memory no longer than that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
