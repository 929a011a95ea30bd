/**
 * Saves a document through GET /api/download/ticket (spec 02 §7): the file comes back as a blob
 * and is saved under `filename` (the server drops a leading timestamp prefix); a failure throws
 * the server's message (its JSON `error`).
 */
export async function downloadTicket(url: string, filename: string): Promise<void> {
  const res = await fetch(`/api/download/ticket?url=${encodeURIComponent(url)}&filename=${encodeURIComponent(filename)}`, { credentials: "same-origin" });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? filename;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The credit note's PDF (letter or 80 mm) as a ticket download: {timestamp}-nota-credito-NC-000003.pdf. */
export function downloadCreditNotePdf(note: { id: string; number: string }, format: "letter" | "80mm", lang: string): Promise<void> {
  return downloadTicket(`/api/credit-notes/${note.id}/pdf?format=${format}&lang=${lang === "en" ? "en" : "es"}`, `${Date.now()}-nota-credito-${note.number}.pdf`);
}
