import { Node } from "@tiptap/core";
import { SIGNATURE_BLOCK_CLASS } from "../../../../shared/legal/document";

/** The signature block: a div.signature-block of paragraphs (a line, the signer, ID, date), kept by the server's sanitizer and drawn apart in PDF and Word. */
export const SignatureBlock = Node.create({
  name: "signatureBlock",
  group: "block",
  content: "paragraph+",
  defining: true,
  parseHTML() {
    return [{ tag: `div.${SIGNATURE_BLOCK_CLASS}` }];
  },
  renderHTML() {
    return ["div", { class: SIGNATURE_BLOCK_CLASS }, 0];
  },
});
