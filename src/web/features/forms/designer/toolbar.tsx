import { Eye, Loader2, Pencil, Plus, Redo2, Save, Send, Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PermissionButton } from "../../../components/permission-button";
import { Button } from "../../../components/ui/button";

type ToolbarProps = {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onAddGroup: () => void;
  preview: boolean;
  onTogglePreview: () => void;
  onSave: () => void;
  onPublish: () => void;
  saving: boolean;
  publishing: boolean;
  readOnly: boolean;
  children?: React.ReactNode;
};

/** The centre toolbar (spec 03 §2): undo, redo, Add Group, Preview/Edit, Save, Publish; the shortcuts in each title. */
export function DesignerToolbar({ canUndo, canRedo, onUndo, onRedo, onAddGroup, preview, onTogglePreview, onSave, onPublish, saving, publishing, readOnly, children }: ToolbarProps) {
  const { t } = useTranslation();
  const busy = saving || publishing;
  return (
    <div role="toolbar" aria-label={t("formDesigner:toolbar.label")} className="flex flex-wrap items-center gap-2" data-testid="designer-toolbar">
      <Button variant="outline" size="icon" onClick={onUndo} disabled={readOnly || !canUndo} aria-label={t("formDesigner:toolbar.undo")} title={t("formDesigner:toolbar.undoShortcut")} aria-keyshortcuts="Control+Z" data-testid="undo">
        <Undo2 />
      </Button>
      <Button variant="outline" size="icon" onClick={onRedo} disabled={readOnly || !canRedo} aria-label={t("formDesigner:toolbar.redo")} title={t("formDesigner:toolbar.redoShortcut")} aria-keyshortcuts="Control+Shift+Z Control+Y" data-testid="redo">
        <Redo2 />
      </Button>
      <Button variant="outline" onClick={onAddGroup} disabled={readOnly || preview} data-testid="add-group">
        <Plus />
        {t("formDesigner:toolbar.addGroup")}
      </Button>
      <Button variant="outline" onClick={onTogglePreview} aria-pressed={preview} data-testid="toggle-preview">
        {preview ? <Pencil /> : <Eye />}
        {preview ? t("formDesigner:toolbar.edit") : t("formDesigner:toolbar.preview")}
      </Button>
      {children}
      <div className="ms-auto flex flex-wrap gap-2">
        <Button variant="outline" onClick={onSave} disabled={readOnly || busy} title={t("formDesigner:toolbar.saveShortcut")} aria-keyshortcuts="Control+S" data-testid="save-form">
          {saving ? <Loader2 className="animate-spin" /> : <Save />}
          {t("formDesigner:toolbar.save")}
        </Button>
        <PermissionButton permission="forms.publish" onClick={onPublish} disabled={readOnly || busy} data-testid="publish-form">
          {publishing ? <Loader2 className="animate-spin" /> : <Send />}
          {t("formDesigner:toolbar.publish")}
        </PermissionButton>
      </div>
    </div>
  );
}
