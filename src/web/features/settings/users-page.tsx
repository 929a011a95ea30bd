import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ImageUp, Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ROLES } from "../../../shared/permissions";
import { userCreateInput } from "../../../shared/platform/schemas";
import { LANGUAGES } from "../../../shared/platform/themes";
import { IMAGE_EXTENSIONS } from "../../../shared/platform/uploads";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { EditDialog, ListSearch, TableFallbackRows } from "../../components/list-page";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { RequirePermission } from "../shell/guards";

type UserRow = { id: string; name: string; email: string; role: string; isOwner: boolean; language: string; warehouseId: string | null; imageUrl: string | null; isActive: boolean };

/** The form: password required on create, optional (keep current) on edit. */
const formSchema = userCreateInput.extend({
  password: z.string(),
  isActive: z.boolean(),
});
type FormValues = z.input<typeof formSchema>;

export function UsersPage() {
  return (
    <RequirePermission permission="settings.users">
      <UsersScreen />
    </RequirePermission>
  );
}

function UsersScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const users = useQuery(trpc.user.getAll.queryOptions());
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const [search, setSearch] = React.useState("");
  const [editing, setEditing] = React.useState<UserRow | "new" | null>(null);
  const rows = (users.data ?? []).filter((u) => `${u.name} ${u.email}`.toLowerCase().includes(search.trim().toLowerCase()));
  const warehouseName = (id: string | null) => warehouses.data?.find((w) => w.id === id)?.name ?? "—";

  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t("settings:users.search")} value={search} onValueChange={setSearch} />
          <Button onClick={() => setEditing("new")} data-testid="new-user">
            <Plus />
            {t("settings:users.new")}
          </Button>
        </div>
        <Table stack aria-label={t("settings:tabs.users")}>
          <THead>
            <TR>
              <TH>{t("settings:users.fields.name")}</TH>
              <TH>{t("settings:users.fields.email")}</TH>
              <TH>{t("settings:users.fields.role")}</TH>
              <TH>{t("settings:users.fields.language")}</TH>
              <TH>{t("settings:users.fields.warehouse")}</TH>
              <TH>{t("settings:users.fields.status")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((u) => (
              <TR key={u.id} data-testid="user-row">
                <TD className="font-medium" stack="primary">
                  <div className="flex items-center gap-2">
                    {u.imageUrl ? <img src={u.imageUrl} alt="" className="size-7 rounded-full object-cover" /> : null}
                    {u.name}
                  </div>
                </TD>
                <TD>{u.email}</TD>
                <TD>
                  <Badge variant={u.role === "owner" ? "default" : "secondary"}>{t(`common:roles.${u.role}`)}</Badge>
                </TD>
                <TD stack="hide">{t(`common:language.${u.language}`)}</TD>
                <TD label={t("settings:users.fields.warehouse")}>{warehouseName(u.warehouseId)}</TD>
                <TD>{u.isActive ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>}</TD>
                <TD className="text-right" stack="actions">
                  <Button variant="ghost" size="sm" onClick={() => setEditing(u)} aria-label={t("common:actions.edit")}>
                    <Pencil />
                  </Button>
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={users.isLoading} empty={rows.length === 0} cols={7}>
              {t("settings:users.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(user) => <UserSheet user={user} warehouses={warehouses.data ?? []} onDone={() => setEditing(null)} />}
      </EditDialog>
    </Card>
  );
}

function UserSheet({ user, warehouses, onDone }: { user: UserRow | null; warehouses: { id: string; name: string }[]; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [uploading, setUploading] = React.useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(
      formSchema.superRefine((v, ctx) => {
        if (!user && v.password.length === 0) ctx.addIssue({ code: "custom", path: ["password"], message: "errors:passwordRequired" });
        else if (v.password.length > 0 && v.password.length < 6) ctx.addIssue({ code: "custom", path: ["password"], message: "errors:passwordMin" });
      }),
    ),
    defaultValues: {
      name: user?.name ?? "",
      email: user?.email ?? "",
      password: "",
      role: (user?.role as FormValues["role"]) ?? "cashier",
      language: (user?.language as FormValues["language"]) ?? "es",
      warehouseId: user?.warehouseId ?? warehouses[0]?.id ?? "none",
      imageUrl: user?.imageUrl ?? null,
      isActive: user?.isActive ?? true,
    },
  });
  const onSaved = async (message: string) => {
    await qc.invalidateQueries({ queryKey: trpc.user.getAll.queryKey() });
    toast({ title: message, variant: "success" });
    onDone();
  };
  const onError = (error: unknown) => {
    for (const [field, message] of Object.entries(fieldErrors(error))) form.setError(field as keyof FormValues, { message });
  };
  const create = useMutation(trpc.user.create.mutationOptions({ onSuccess: () => onSaved(t("settings:users.created")), onError }));
  const update = useMutation(trpc.user.update.mutationOptions({ onSuccess: () => onSaved(t("settings:users.updated")), onError }));
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((v) => {
    const common = { name: v.name, email: v.email, role: v.role, language: v.language ?? "es", warehouseId: v.warehouseId ?? null, imageUrl: v.imageUrl ?? null };
    if (user) update.mutate({ id: user.id, ...common, password: v.password, isActive: v.isActive });
    else create.mutate({ ...common, password: v.password });
  });

  const uploadImage = async (file: File) => {
    setUploading(true);
    try {
      const filename = `users/${Date.now()}-${file.name}`;
      const res = await fetch(`/api/upload?filename=${encodeURIComponent(filename)}`, {
        method: "POST",
        headers: { "content-type": file.type || "application/octet-stream" },
        body: file,
      });
      const json = (await res.json()) as { url?: string; message?: string };
      if (!res.ok || !json.url) throw new Error(json.message ?? t("settings:users.imageError"));
      form.setValue("imageUrl", json.url, { shouldDirty: true });
    } catch (e) {
      toast({ variant: "destructive", title: t("settings:users.imageError"), description: (e as Error).message });
    } finally {
      setUploading(false);
    }
  };

  const errors = form.formState.errors;
  const imageUrl = form.watch("imageUrl");
  return (
    <SheetContent closeLabel={t("common:actions.close")} aria-describedby={undefined}>
      <DialogTitle className="text-lg font-semibold">{user ? t("settings:users.edit") : t("settings:users.new")}</DialogTitle>
      <DialogDescription className="sr-only">{t("settings:users.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <div className="flex items-center gap-3">
          {imageUrl ? <img src={imageUrl} alt="" className="size-14 rounded-full object-cover" /> : <div className="size-14 rounded-full bg-muted" />}
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-primary">
            <ImageUp className="size-4" />
            {uploading ? t("common:loading") : t("settings:users.fields.image")}
            <input type="file" accept={IMAGE_EXTENSIONS.join(",")} className="sr-only" onChange={(e) => e.target.files?.[0] && void uploadImage(e.target.files[0])} />
          </label>
        </div>
        <Field label={t("settings:users.fields.name")} htmlFor="user-name" error={tMessage(errors.name?.message)} required>
          <Input id="user-name" autoFocus {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <Field label={t("settings:users.fields.email")} htmlFor="user-email" error={tMessage(errors.email?.message)} required>
          <Input id="user-email" type="email" {...form.register("email")} aria-invalid={!!errors.email} />
        </Field>
        <Field
          label={t("settings:users.fields.password")}
          htmlFor="user-password"
          error={tMessage(errors.password?.message)}
          required={!user}
          hint={user ? t("settings:users.passwordKeep") : t("settings:users.passwordMin")}
        >
          <Input id="user-password" type="password" autoComplete="new-password" {...form.register("password")} aria-invalid={!!errors.password} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("settings:users.fields.role")} htmlFor="user-role">
            <NativeSelect id="user-role" {...form.register("role")}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`common:roles.${r}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("settings:users.fields.language")} htmlFor="user-language">
            <NativeSelect id="user-language" {...form.register("language")}>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`common:language.${l}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label={t("settings:users.fields.warehouse")} htmlFor="user-warehouse">
          <NativeSelect id="user-warehouse" {...form.register("warehouseId")}>
            <option value="none">{t("settings:users.noWarehouse")}</option>
            {warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {user ? (
          <div className="flex items-center justify-between rounded-md border p-3">
            <label htmlFor="user-active" className="text-sm font-medium">
              {t("settings:users.fields.active")}
            </label>
            <Switch id="user-active" checked={form.watch("isActive")} onCheckedChange={(v) => form.setValue("isActive", v, { shouldDirty: true })} />
          </div>
        ) : null}
        <FormActions pending={pending} disabled={uploading} onCancel={onDone} testId="save-user" />
      </form>
    </SheetContent>
  );
}
