import type * as React from "react";
import type { RouteObject } from "react-router";
import { RequirePermission } from "../shell/guards";

/**
 * A route whose page is its own chunk (fetched when first opened), behind a permission and, unless
 * it is the index, behind the setup card until accounting is initialized. The DGII helper owns
 * `accounting/dgii*`.
 */
function page(path: string, permission: string, load: () => Promise<React.ComponentType>, needsSetup = true): RouteObject {
  return {
    path,
    lazy: async () => {
      const [Page, { RequireAccounting }] = await Promise.all([load(), import("./shared")]);
      return {
        element: (
          <RequirePermission permission={permission}>
            {needsSetup ? (
              <RequireAccounting>
                <Page />
              </RequireAccounting>
            ) : (
              <Page />
            )}
          </RequirePermission>
        ),
      };
    },
  };
}

/** Routes under /home for accounting (issue 14); each page is its own chunk, fetched when first opened. */
export const accountingRoutes: RouteObject[] = [
  page("accounting", "accounting.view", () => import("./accounting-page").then((m) => m.AccountingPage), false),
  page("accounting/entries", "accounting.view", () => import("./journal-entries-page").then((m) => m.JournalEntriesPage)),
  page("accounting/entries/new", "accounting.create", () => import("./journal-entry-form-page").then((m) => m.JournalEntryFormPage)),
  page("accounting/entries/:id", "accounting.view", () => import("./journal-entry-detail-page").then((m) => m.JournalEntryDetailPage), false),
  page("accounting/entries/:id/edit", "accounting.update", () => import("./journal-entry-form-page").then((m) => m.JournalEntryFormPage)),
  page("accounting/accounts", "accounting.view", () => import("./accounts-page").then((m) => m.AccountsPage), false),
  page("accounting/balances/general", "accounting.view", () => import("./balances-pages").then((m) => m.GeneralBalancePage), false),
  page("accounting/balances/trial", "accounting.view", () => import("./balances-pages").then((m) => m.TrialBalancePage), false),
  page("accounting/balances/account", "accounting.view", () => import("./balances-pages").then((m) => m.AccountDetailPage), false),
  page("accounting/statements/income", "accounting.view", () => import("./statements-pages").then((m) => m.IncomeStatementPage), false),
  page("accounting/statements/balance-sheet", "accounting.view", () => import("./statements-pages").then((m) => m.BalanceSheetPage), false),
  page("accounting/statements/cash-flow", "accounting.view", () => import("./statements-pages").then((m) => m.CashFlowPage), false),
  page("accounting/statements/equity", "accounting.view", () => import("./statements-pages").then((m) => m.EquityChangesPage)),
  page("accounting/taxes", "accounting.view", () => import("./taxes-page").then((m) => m.TaxesPage), false),
  page("accounting/periods", "accounting.view", () => import("./periods-page").then((m) => m.PeriodsPage), false),
  page("accounting/settings", "accounting.view", () => import("./settings-page").then((m) => m.AccountingSettingsPage), false),
];
