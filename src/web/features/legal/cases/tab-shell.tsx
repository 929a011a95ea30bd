import type { LucideIcon } from "lucide-react";
import { MoreHorizontal, Plus } from "lucide-react";
import type * as React from "react";
import { Button } from "../../../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "../../../components/ui/dropdown-menu";
import { usePermissions } from "../../../lib/permissions";

/** A case tab's heading: its title, and its 'new' button for users who may change the case. */
export function TabHeader({ title, newLabel, onNew, testId, children }: { title: string; newLabel: string; onNew: () => void; testId: string; children?: React.ReactNode }) {
  const { can } = usePermissions();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="flex flex-wrap items-center gap-2">
        {children}
        {can("legal.update") ? (
          <Button onClick={onNew} data-testid={testId}>
            <Plus />
            {newLabel}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A row's '…' menu. */
export function RowMenu({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} title={label} data-testid={testId}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

export type { LucideIcon };
