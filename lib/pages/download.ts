/** Saves text as a file through the browser's download (a user gesture's doing). */
export function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  // The download has its own copy once it started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name part made of what a file system surely accepts. */
export const fileSafe = (text: string) => text.replace(/[^\w.@-]+/g, '_');
