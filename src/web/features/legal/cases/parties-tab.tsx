import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Pencil, Trash2, Users } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { partyCreateInput, partyUpdateInput } from "../../../../shared/legal/case";
import { ENTITY_TYPES, PARTY_TYPES } from "../../../../shared/legal/constants";
import { type AppRouter, useTRPC } from "../../../app/trpc";
import { EmptyTableRow } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { usePermissions } from "../../../lib/permissions";
import { ConfirmDialog } from "../../pos/panels/confirm-dialog";
import { blanksToNull, FArea, FSelect, FSwitch, FText, RecordDialog, useDialogForm, useEnumOptions } from "./case-common";
import { RowMenu, TabHeader } from "./tab-shell";

type Party = inferRouterOutputs<AppRouter>["legalCase"]["getParties"][number];

/** The case's parties: plaintiffs, defendants, witnesses… with their attorneys. */
export function PartiesTab({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const parties = useQuery(trpc.legalCase.getParties.queryOptions({ caseId }));
  const [editing, setEditing] = React.useState<Party | "new" | null>(null);
  const [deleting, setDeleting] = React.useState<Party | null>(null);
  const remove = useMutation(
    trpc.legalCase.deleteParty.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.legalCase.getParties.pathFilter());
        setDeleting(null);
        toast({ variant: "success", title: t("legal:parties.deleted") });
      },
    }),
  );
  const rows = parties.data ?? [];
  const mayEdit = can("legal.update");
  const mayDelete = can("legal.delete");
  return (
    <div className="grid gap-3">
      <TabHeader title={t("legal:parties.title")} newLabel={t("legal:parties.new")} onNew={() => setEditing("new")} testId="new-party" />
      <Table stack aria-label={t("legal:parties.title")}>
        <THead>
          <TR>
            <TH>{t("legal:parties.fields.name")}</TH>
            <TH>{t("legal:parties.fields.partyType")}</TH>
            <TH>{t("legal:parties.fields.taxId")}</TH>
            <TH>{t("legal:parties.fields.email")}</TH>
            <TH>{t("legal:parties.attorney")}</TH>
            <TH>
              <span className="sr-only">{t("legal:common.actions")}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {parties.isLoading ? <SkeletonRows rows={3} cols={6} /> : null}
          {!parties.isLoading && rows.length === 0 ? <EmptyTableRow cols={6} icon={Users} title={t("legal:parties.empty")} hint={t("legal:parties.emptyHint")} testId="parties-empty" /> : null}
          {rows.map((p) => (
            <TR key={p.id} data-testid="party-row">
              <TD stack="primary" className="break-words">
                <span className="font-medium">{p.name}</span> {p.isPrimary ? <Badge variant="outline">{t("legal:parties.primary")}</Badge> : null}
                <span className="block text-xs text-muted-foreground">
                  {t(`legal:entityType.${p.entityType}`)}
                  {p.partyRole ? ` · ${p.partyRole}` : ""}
                </span>
              </TD>
              <TD label={t("legal:parties.fields.partyType")}>{t(`legal:partyType.${p.partyType}`)}</TD>
              <TD label={t("legal:parties.fields.taxId")}>{p.taxId ?? "—"}</TD>
              <TD label={t("legal:parties.fields.email")} className="break-all">
                {p.email ?? "—"}
                {p.phone ? <span className="block text-xs text-muted-foreground">{p.phone}</span> : null}
              </TD>
              <TD label={t("legal:parties.attorney")} className="break-words">
                {p.attorneyName ?? "—"}
                {p.attorneyFirm ? <span className="block text-xs text-muted-foreground">{p.attorneyFirm}</span> : null}
              </TD>
              <TD stack="actions" className="text-right">
                {mayEdit || mayDelete ? (
                  <RowMenu label={t("legal:parties.menu", { name: p.name })} testId="party-menu">
                    {mayEdit ? (
                      <DropdownMenuItem onSelect={() => setEditing(p)} data-testid="party-edit">
                        <Pencil />
                        {t("legal:common.edit")}
                      </DropdownMenuItem>
                    ) : null}
                    {mayDelete ? (
                      <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => setDeleting(p)} data-testid="party-delete">
                        <Trash2 />
                        {t("legal:common.delete")}
                      </DropdownMenuItem>
                    ) : null}
                  </RowMenu>
                ) : null}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <DialogContent closeLabel={t("legal:common.cancel")} className="max-h-[92vh] max-w-2xl overflow-y-auto" data-testid="party-dialog">
            <PartyForm caseId={caseId} party={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t("legal:parties.deleteTitle", { name: deleting.name }) : ""}
        description={t("legal:parties.deleteBody")}
        confirmLabel={t("legal:common.delete")}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
        testId="party-delete-dialog"
      />
    </div>
  );
}

function PartyForm({ caseId, party, onDone }: { caseId: string; party: Party | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const options = useEnumOptions();
  const s = (v: string | null | undefined) => v ?? "";
  const f = useDialogForm(
    {
      partyType: party?.partyType ?? "plaintiff",
      name: s(party?.name),
      partyRole: s(party?.partyRole),
      entityType: party?.entityType ?? "individual",
      taxId: s(party?.taxId),
      email: s(party?.email),
      phone: s(party?.phone),
      address: s(party?.address),
      attorneyName: s(party?.attorneyName),
      attorneyFirm: s(party?.attorneyFirm),
      attorneyEmail: s(party?.attorneyEmail),
      attorneyPhone: s(party?.attorneyPhone),
      isPrimary: party?.isPrimary ?? false,
      notes: s(party?.notes),
    },
    "party",
  );
  const done = async (title: string) => {
    await qc.invalidateQueries(trpc.legalCase.getParties.pathFilter());
    toast({ variant: "success", title });
    onDone();
  };
  const silent = { meta: { silent: true } };
  const create = useMutation(trpc.legalCase.createParty.mutationOptions({ ...silent, onSuccess: () => done(t("legal:parties.created")), onError: f.fail }));
  const update = useMutation(trpc.legalCase.updateParty.mutationOptions({ ...silent, onSuccess: () => done(t("legal:parties.updated")), onError: f.fail }));
  const submit = () => {
    const input = blanksToNull(f.values);
    if (party) {
      const parsed = f.check(partyUpdateInput, { ...input, id: party.id });
      if (parsed) update.mutate(parsed);
    } else {
      const parsed = f.check(partyCreateInput, { ...input, caseId });
      if (parsed) create.mutate(parsed);
    }
  };
  const pending = create.isPending || update.isPending;
  return (
    <RecordDialog area="parties" editing={!!party} pending={pending} onSubmit={submit} onCancel={onDone} saveTestId="party-save">
      <div className="grid gap-3 sm:grid-cols-2">
        <FText f={f} name="name" label={t("legal:parties.fields.name")} required autoFocus className="sm:col-span-2" />
        <FSelect f={f} name="partyType" label={t("legal:parties.fields.partyType")} required options={options("partyType", PARTY_TYPES)} />
        <FText f={f} name="partyRole" label={t("legal:parties.fields.partyRole")} />
        <FSelect f={f} name="entityType" label={t("legal:parties.fields.entityType")} options={options("entityType", ENTITY_TYPES)} />
        <FText f={f} name="taxId" label={t("legal:parties.fields.taxId")} />
        <FText f={f} name="email" type="email" label={t("legal:parties.fields.email")} />
        <FText f={f} name="phone" type="tel" label={t("legal:parties.fields.phone")} />
        <FText f={f} name="address" label={t("legal:parties.fields.address")} className="sm:col-span-2" />
      </div>
      <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{t("legal:parties.attorney")}</legend>
        <FText f={f} name="attorneyName" label={t("legal:parties.fields.attorneyName")} />
        <FText f={f} name="attorneyFirm" label={t("legal:parties.fields.attorneyFirm")} />
        <FText f={f} name="attorneyEmail" type="email" label={t("legal:parties.fields.attorneyEmail")} />
        <FText f={f} name="attorneyPhone" type="tel" label={t("legal:parties.fields.attorneyPhone")} />
      </fieldset>
      <FSwitch f={f} name="isPrimary" label={t("legal:parties.fields.isPrimary")} />
      <FArea f={f} name="notes" label={t("legal:parties.fields.notes")} />
    </RecordDialog>
  );
}
