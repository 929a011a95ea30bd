/**
 * The spec's 'Select Background Image' dialog (tabs Upload, URL, Library); the section editor opens
 * it for a background or banner image and gets the chosen URL. Helper F builds it.
 */
export function SelectBackgroundImageDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void; onSelect: (url: string) => void }) {
  return null;
}
