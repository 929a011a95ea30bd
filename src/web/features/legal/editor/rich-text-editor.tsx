import Highlight from "@tiptap/extension-highlight";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import TextAlign from "@tiptap/extension-text-align";
import { Placeholder } from "@tiptap/extensions";
import { type Editor, EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  BoldIcon,
  Braces,
  CalendarDays,
  Columns3,
  Grid2x2X,
  Heading1,
  Heading2,
  Heading3,
  Highlighter,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  PenLine,
  Quote,
  Redo2,
  Rows3,
  Strikethrough,
  Table,
  TextAlignCenter,
  TextAlignEnd,
  TextAlignJustify,
  TextAlignStart,
  Underline,
  Undo2,
  Unlink,
} from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { EDITOR_MIN_HEIGHT_PX, TEMPLATE_VARIABLES } from "../../../../shared/legal/constants";
import { escapeHtml, spanishLongDate } from "../../../../shared/legal/variables";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../../components/ui/dropdown-menu";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { cn } from "../../../lib/utils";
import { SignatureBlock } from "./signature-block";
import "./editor.css";

export interface RichTextEditorProps {
  value: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** names offered by 'insert variable' (TEMPLATE_VARIABLES by default) */
  variables?: readonly string[];
  /** false: the document read-only, without toolbar (an old version) */
  editable?: boolean;
  /** the editable area's accessible name */
  label?: string;
  className?: string;
}

/** The URL typed in the link or image dialog: required; a bare domain gets https://; other schemes than the allowed ones are refused. */
export function normalizeUrl(raw: string, schemes: readonly string[]): { url: string } | { error: "urlRequired" | "urlInvalid" } {
  const value = raw.trim();
  if (!value) return { error: "urlRequired" };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return /\s/.test(value) ? { error: "urlInvalid" } : { url: `https://${value.replace(/^\/+/, "")}` };
  return schemes.includes(scheme) && value.length > scheme.length + 1 ? { url: value } : { error: "urlInvalid" };
}

function signatureHtml(t: (k: string) => string) {
  const line = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return `<div class="signature-block">${line(t("legalDocs:editor.signatureLine"))}<p><strong>${escapeHtml(t("legalDocs:editor.signatureTitle"))}</strong></p>${line(t("legalDocs:editor.signatureName"))}${line(t("legalDocs:editor.signatureId"))}${line(t("legalDocs:editor.signatureDate"))}</div><p></p>`;
}

function ToolButton({ label, icon, onClick, active, disabled }: { label: string; icon: React.ReactNode; onClick: () => void; active?: boolean; disabled?: boolean }) {
  return (
    <Button
      type="button"
      variant={active ? "secondary" : "ghost"}
      size="icon"
      className={cn("h-8 w-8", active && "ring-1 ring-primary/40")}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </Button>
  );
}

const Sep = () => <span aria-hidden="true" className="mx-0.5 h-6 w-px self-center bg-border" />;

type UrlDialog = { kind: "link" | "image"; url: string; alt: string; error?: string } | null;

function Toolbar({ editor, variables }: { editor: Editor; variables: readonly string[] }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = React.useState<UrlDialog>(null);
  const L = (key: string) => t(`legalDocs:editor.${key}`);
  const run = (fn: (c: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => () => fn(editor.chain().focus()).run();
  const inTable = editor.isActive("table");

  const submitDialog = () => {
    if (!dialog) return;
    const result = normalizeUrl(dialog.url, dialog.kind === "link" ? ["http", "https", "mailto", "tel"] : ["http", "https"]);
    if ("error" in result) return setDialog({ ...dialog, error: t(`legalDocs:errors.${result.error}`) });
    if (dialog.kind === "link") {
      const chain = editor.chain().focus().extendMarkRange("link");
      if (editor.state.selection.empty && !editor.isActive("link")) chain.insertContent(`<a href="${escapeHtml(result.url)}">${escapeHtml(result.url)}</a> `).run();
      else chain.setLink({ href: result.url }).run();
    } else editor.chain().focus().setImage({ src: result.url, alt: dialog.alt.trim() || undefined }).run();
    setDialog(null);
  };

  return (
    <div role="toolbar" aria-label={L("toolbar")} className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 p-1">
      <ToolButton label={L("bold")} icon={<BoldIcon />} active={editor.isActive("bold")} onClick={run((c) => c.toggleBold())} />
      <ToolButton label={L("italic")} icon={<Italic />} active={editor.isActive("italic")} onClick={run((c) => c.toggleItalic())} />
      <ToolButton label={L("underline")} icon={<Underline />} active={editor.isActive("underline")} onClick={run((c) => c.toggleUnderline())} />
      <ToolButton label={L("strike")} icon={<Strikethrough />} active={editor.isActive("strike")} onClick={run((c) => c.toggleStrike())} />
      <ToolButton label={L("highlight")} icon={<Highlighter />} active={editor.isActive("highlight")} onClick={run((c) => c.toggleHighlight())} />
      <Sep />
      {([1, 2, 3] as const).map((level) => (
        <ToolButton
          key={level}
          label={L(`heading${level}`)}
          icon={level === 1 ? <Heading1 /> : level === 2 ? <Heading2 /> : <Heading3 />}
          active={editor.isActive("heading", { level })}
          onClick={run((c) => c.toggleHeading({ level }))}
        />
      ))}
      <Sep />
      <ToolButton label={L("alignLeft")} icon={<TextAlignStart />} active={editor.isActive({ textAlign: "left" })} onClick={run((c) => c.setTextAlign("left"))} />
      <ToolButton label={L("alignCenter")} icon={<TextAlignCenter />} active={editor.isActive({ textAlign: "center" })} onClick={run((c) => c.setTextAlign("center"))} />
      <ToolButton label={L("alignRight")} icon={<TextAlignEnd />} active={editor.isActive({ textAlign: "right" })} onClick={run((c) => c.setTextAlign("right"))} />
      <ToolButton label={L("alignJustify")} icon={<TextAlignJustify />} active={editor.isActive({ textAlign: "justify" })} onClick={run((c) => c.setTextAlign("justify"))} />
      <Sep />
      <ToolButton label={L("bulletList")} icon={<List />} active={editor.isActive("bulletList")} onClick={run((c) => c.toggleBulletList())} />
      <ToolButton label={L("orderedList")} icon={<ListOrdered />} active={editor.isActive("orderedList")} onClick={run((c) => c.toggleOrderedList())} />
      <ToolButton label={L("blockquote")} icon={<Quote />} active={editor.isActive("blockquote")} onClick={run((c) => c.toggleBlockquote())} />
      <Sep />
      <ToolButton label={L("link")} icon={<Link />} active={editor.isActive("link")} onClick={() => setDialog({ kind: "link", url: editor.getAttributes("link").href ?? "", alt: "" })} />
      <ToolButton label={L("unlink")} icon={<Unlink />} disabled={!editor.isActive("link")} onClick={run((c) => c.extendMarkRange("link").unsetLink())} />
      <ToolButton label={L("image")} icon={<ImagePlus />} onClick={() => setDialog({ kind: "image", url: "", alt: "" })} />
      <Sep />
      <ToolButton label={L("table")} icon={<Table />} onClick={run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))} />
      <ToolButton label={L("addColumn")} icon={<BetweenVerticalEnd />} disabled={!inTable} onClick={run((c) => c.addColumnAfter())} />
      <ToolButton label={L("deleteColumn")} icon={<Columns3 />} disabled={!inTable} onClick={run((c) => c.deleteColumn())} />
      <ToolButton label={L("addRow")} icon={<BetweenHorizontalEnd />} disabled={!inTable} onClick={run((c) => c.addRowAfter())} />
      <ToolButton label={L("deleteRow")} icon={<Rows3 />} disabled={!inTable} onClick={run((c) => c.deleteRow())} />
      <ToolButton label={L("deleteTable")} icon={<Grid2x2X />} disabled={!inTable} onClick={run((c) => c.deleteTable())} />
      <Sep />
      <ToolButton label={L("signature")} icon={<PenLine />} onClick={run((c) => c.insertContent(signatureHtml(t)))} />
      <ToolButton label={L("date")} icon={<CalendarDays />} onClick={run((c) => c.insertContent(escapeHtml(spanishLongDate(new Date()))))} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="ghost" size="icon" className="h-8 w-8" aria-label={L("variable")} title={L("variable")}>
            <Braces />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="max-h-72 overflow-y-auto">
          {variables.map((name) => (
            <DropdownMenuItem key={name} onSelect={() => editor.chain().focus().insertContent(`{{${name}}}`).run()}>
              <code className="text-xs">{`{{${name}}}`}</code>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <Sep />
      <ToolButton label={L("undo")} icon={<Undo2 />} disabled={!editor.can().undo()} onClick={run((c) => c.undo())} />
      <ToolButton label={L("redo")} icon={<Redo2 />} disabled={!editor.can().redo()} onClick={run((c) => c.redo())} />

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent closeLabel={L("close")} data-testid="editor-url-dialog">
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              submitDialog();
            }}
          >
            <DialogHeader className="pr-8">
              <DialogTitle>{dialog?.kind === "image" ? L("imageTitle") : L("linkTitle")}</DialogTitle>
              <DialogDescription>{dialog?.kind === "image" ? L("image") : L("link")}</DialogDescription>
            </DialogHeader>
            <Field label={L("url")} htmlFor="editor-url" error={dialog?.error} required>
              <Input
                id="editor-url"
                type="url"
                autoFocus
                value={dialog?.url ?? ""}
                aria-invalid={dialog?.error ? true : undefined}
                aria-describedby={dialog?.error ? "editor-url-error" : undefined}
                onChange={(e) => dialog && setDialog({ ...dialog, url: e.target.value, error: undefined })}
                placeholder="https://"
              />
            </Field>
            {dialog?.kind === "image" ? (
              <Field label={L("imageAlt")} htmlFor="editor-alt">
                <Input id="editor-alt" value={dialog.alt} onChange={(e) => setDialog({ ...dialog, alt: e.target.value })} />
              </Field>
            ) : null}
            <DialogFooter className="flex-wrap">
              <Button type="button" variant="outline" onClick={() => setDialog(null)}>
                {L("cancel")}
              </Button>
              <Button type="submit">{L("insert")}</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/**
 * The rich-text editor of legal documents and templates (TipTap; spec 02 'Rich-text document editor
 * toolbar'): marks, headings 1–3, alignment, lists, blockquote, links, images by URL, tables,
 * signature block, today's date in Spanish, {{variables}}, undo/redo. Pasted HTML keeps only what
 * the schema knows; the server sanitizes again on save.
 */
export function RichTextEditor({ value, onChange, placeholder, variables = TEMPLATE_VARIABLES, editable = true, label, className }: RichTextEditorProps) {
  const { t } = useTranslation();
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ["mailto", "tel"], HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" } } }),
      Highlight,
      TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right", "justify"] }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
      Placeholder.configure({ placeholder: placeholder ?? t("legalDocs:editor.placeholder") }),
      SignatureBlock,
    ],
    content: value,
    editable,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: "legal-doc px-4 py-3",
        style: `min-height: ${EDITOR_MIN_HEIGHT_PX}px`,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label ?? t("legalDocs:editor.content"),
        "data-testid": "legal-editor",
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(e.getHTML()),
  });

  // A value set from outside (a document loaded, a version restored) replaces the text.
  React.useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  React.useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(editable);
  }, [editor, editable]);

  return (
    <div className={cn("min-w-0 overflow-hidden rounded-md border bg-background focus-within:ring-2 focus-within:ring-ring", className)}>
      {editor && editable ? <Toolbar editor={editor} variables={variables} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
