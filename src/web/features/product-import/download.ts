/** Saves bytes as a file through a temporary link (the browser's download). */
export function saveFile(data: Uint8Array | Blob, fileName: string, type: string): void {
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Today's date as yyyy-MM-dd in the business's time zone (file names). */
export function todayStamp(timeZone = "America/Santo_Domingo", now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
