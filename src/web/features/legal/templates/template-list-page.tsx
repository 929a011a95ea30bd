import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isTemplateVariable } from "../../../../shared/legal/variables";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListHeader, NewLink } from "../../../components/list-page";
import { Badge } from "../../../components/ui/badge";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";

/** /home/legal/templates: the document templates with their variables. */
export function TemplateListPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const templates = useQuery(trpc.legalCase.getTemplates.queryOptions({}));
  return (
    <div className="grid min-w-0 gap-4">
      <ListHeader title={t("legalDocs:templates.title")} subtitle={t("legalDocs:templates.subtitle")}>
        <NewLink to="/home/legal/templates/new" label={t("legalDocs:templates.new")} />
      </ListHeader>
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <THead>
            <TR>
              <TH>{t("legalDocs:templates.name")}</TH>
              <TH className="hidden md:table-cell">{t("legalDocs:templates.type")}</TH>
              <TH className="hidden md:table-cell">{t("legalDocs:templates.variables")}</TH>
              <TH>{t("legalDocs:documents.status")}</TH>
            </TR>
          </THead>
          <TBody>
            {templates.isLoading ? (
              <SkeletonRows rows={3} cols={4} />
            ) : (templates.data ?? []).length === 0 ? (
              <EmptyTableRow cols={4} icon={FileText} title={t("legalDocs:templates.empty")} hint={t("legalDocs:templates.subtitle")} testId="templates-empty" />
            ) : (
              (templates.data ?? []).map((tpl) => (
                <TR key={tpl.id}>
                  <TD>
                    <Link to={`/home/legal/templates/${tpl.id}`} className="font-medium break-words hover:underline">
                      {tpl.name}
                    </Link>
                    {tpl.description ? <div className="text-xs text-muted-foreground break-words">{tpl.description}</div> : null}
                  </TD>
                  <TD className="hidden md:table-cell">{t(`legalDocs:documentTypes.${tpl.documentType}`)}</TD>
                  <TD className="hidden md:table-cell">
                    <span className="flex flex-wrap gap-1">
                      {tpl.variables.map((v) => (
                        <Badge key={v} variant={isTemplateVariable(v) ? "secondary" : "warning"} className="font-mono font-normal">
                          {v}
                        </Badge>
                      ))}
                    </span>
                  </TD>
                  <TD>
                    <Badge variant={tpl.isActive ? "success" : "outline"}>{tpl.isActive ? t("legalDocs:templates.active") : t("legalDocs:templates.inactive")}</Badge>
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
      </div>
    </div>
  );
}
