import * as React from "react";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";

/**
 * A number box that lets the user clear it and type freely: each valid number is sent at once,
 * an empty box sends undefined (when allowed), and leaving the box shows the stored value again.
 */
export function NumberInput({
  value,
  onValue,
  allowEmpty = true,
  integer = false,
  ...props
}: Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & { value: number | undefined; onValue: (value: number | undefined) => void; allowEmpty?: boolean; integer?: boolean }) {
  const [draft, setDraft] = React.useState(value === undefined ? "" : String(value));
  const focused = React.useRef(false);
  React.useEffect(() => {
    if (!focused.current) setDraft(value === undefined ? "" : String(value));
  }, [value]);
  return (
    <Input
      {...props}
      type="number"
      inputMode={integer ? "numeric" : "decimal"}
      value={draft}
      onFocus={(e) => {
        focused.current = true;
        props.onFocus?.(e);
      }}
      onBlur={(e) => {
        focused.current = false;
        setDraft(value === undefined ? "" : String(value));
        props.onBlur?.(e);
      }}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        if (text.trim() === "") {
          if (allowEmpty) onValue(undefined);
          return;
        }
        const n = Number(text);
        if (Number.isFinite(n) && (!integer || Number.isInteger(n))) onValue(n);
      }}
    />
  );
}

/** A labelled on/off switch on one row. */
export function SwitchRow({ id, label, hint, checked, onChange, disabled, testId }: { id: string; label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} data-testid={testId} />
    </div>
  );
}
