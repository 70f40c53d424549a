/** Hands a file made in the browser to the user as a download. */
export function saveFile(parts: BlobPart[], type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it is not needed any more once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
