import type * as React from "react";
import { formatTaxId } from "../../shared/fiscal/tax-id";
import { cn } from "../lib/utils";

/** The business a printed document comes from. */
export interface PrintedBusiness {
  name: string;
  taxId: string | null;
  address: string | null;
  phone: string | null;
}

/**
 * A statement as it goes on paper (customers' and providers'): hidden on screen, and the only thing
 * printed (the app is hidden while printing); the business on the left, the document's title and
 * date on the right, then what the caller puts below.
 */
export function PrintedStatement({
  business,
  title,
  date,
  className,
  testId,
  children,
}: {
  business: PrintedBusiness;
  title: string;
  date: React.ReactNode;
  className?: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("hidden bg-white p-6 text-sm text-black print:block", className)} data-testid={testId}>
      <style>{"@media print { body > #root { display: none !important; } }"}</style>
      <div className="flex justify-between gap-4 border-b pb-3">
        <div>
          <p className="text-lg font-bold">{business.name}</p>
          {business.taxId ? <p>RNC {formatTaxId(business.taxId)}</p> : null}
          {business.address ? <p>{business.address}</p> : null}
          {business.phone ? <p>{business.phone}</p> : null}
        </div>
        <div className="text-right">
          <p className="text-lg font-bold">{title}</p>
          <p>{date}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
