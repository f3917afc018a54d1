// A customer's attachment (issue 34: the portal's uploads kept with a ticket or a reply), saved on
// a click. Apart from firebase/portal.ts so that only the pages that download load the Storage SDK
// on demand (the size check counts a page's dynamic imports).

/** Saves a stored file under its name (the Storage SDK loads with the first download). */
export async function downloadAttachment(path: string, name: string): Promise<void> {
  const { downloadDocumentFile } = await import('./storage');
  const blob = await downloadDocumentFile(path);
  const url = URL.createObjectURL(blob);
  const link = Object.assign(window.document.createElement('a'), { href: url, download: name });
  window.document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
