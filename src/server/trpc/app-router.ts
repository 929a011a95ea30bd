import { accountingRouter, accountRouter, fiscalPeriodRouter, journalEntryRouter, taxRouter } from "../modules/accounting/router";
import { portalRouter } from "../modules/appointment/portal/router";
import { appointmentRouter } from "../modules/appointment/router";
import { cardProviderRouter, paymentInterfaceRouter } from "../modules/card-provider/router";
import { cashboxRouter } from "../modules/cashbox/router";
import { creditNoteRouter } from "../modules/credit-note/router";
import { currencyRouter } from "../modules/currency/router";
import { customerRouter, customerTypeRouter, legattiCustomerRouter } from "../modules/customer/router";
import { dashboardRouter } from "../modules/dashboard/router";
import { dentalRouter } from "../modules/dental/router";
import { dgiiRouter } from "../modules/dgii/router";
import { storePagesRouter } from "../modules/ecommerce/content/store-pages-router";
import { ecommerceRouter } from "../modules/ecommerce/router";
import { commissionRouter, employeeRouter } from "../modules/employee/router";
import { publicFormRouter } from "../modules/form/public";
import { formRouter, formSubmissionRouter } from "../modules/form/router";
import { warehouseMovementRouter } from "../modules/inventory/router";
import { invoiceRouter } from "../modules/invoice/router";
import { invoiceConditionRouter, invoiceTypeRouter } from "../modules/invoice-settings/router";
import { legalCaseRouter } from "../modules/legal/router";
import { outboxRouter } from "../modules/mail/router";
import { ncfRangeRouter, ncfRouter } from "../modules/ncf/router";
import { onboardingRouter } from "../modules/onboarding/router";
import { payableRouter, supplierBillRouter } from "../modules/payables/router";
import { paymentLinkRouter } from "../modules/payment-link/router";
import { paymentMethodRouter } from "../modules/payment-method/router";
import { modulesRouter, permissionsRouter } from "../modules/permissions/router";
import { posRouter } from "../modules/pos/router";
import { productRouter } from "../modules/product/router";
import { productCategoryRouter, productSubCategoryRouter } from "../modules/product-category/router";
import { productImportRouter } from "../modules/product-import/router";
import { promotionRouter } from "../modules/promotion/router";
import { providerRouter } from "../modules/provider/router";
import { purchaseOrderRouter, purchaseSettingsRouter } from "../modules/purchasing/router";
import { recipeRouter } from "../modules/recipe/router";
import { reportRouter } from "../modules/report/router";
import { superAdminRouter } from "../modules/super-admin/router";
import { tenantRouter } from "../modules/tenant/router";
import { unitOfMeasureRouter } from "../modules/unit-of-measure/router";
import { userRouter } from "../modules/user/router";
import { voucherRouter } from "../modules/voucher/router";
import { warehouseRouter } from "../modules/warehouse/router";
import { router } from "./init";

export const appRouter = router({
  tenant: tenantRouter,
  onboarding: onboardingRouter,
  permissions: permissionsRouter,
  modules: modulesRouter,
  user: userRouter,
  superAdmin: superAdminRouter,
  warehouse: warehouseRouter,
  paymentMethod: paymentMethodRouter,
  cardProvider: cardProviderRouter,
  paymentInterface: paymentInterfaceRouter,
  productCategory: productCategoryRouter,
  productSubCategory: productSubCategoryRouter,
  provider: providerRouter,
  unitOfMeasure: unitOfMeasureRouter,
  product: productRouter,
  productImport: productImportRouter,
  recipe: recipeRouter,
  warehouseMovement: warehouseMovementRouter,
  customer: customerRouter,
  customerType: customerTypeRouter,
  legattiCustomer: legattiCustomerRouter,
  employee: employeeRouter,
  appointment: appointmentRouter,
  portal: portalRouter,
  promotion: promotionRouter,
  voucher: voucherRouter,
  form: formRouter,
  publicForm: publicFormRouter,
  formSubmission: formSubmissionRouter,
  dental: dentalRouter,
  legalCase: legalCaseRouter,
  ecommerce: ecommerceRouter,
  storePages: storePagesRouter,
  commission: commissionRouter,
  pos: posRouter,
  cashbox: cashboxRouter,
  ncf: ncfRouter,
  ncfRange: ncfRangeRouter,
  invoice: invoiceRouter,
  creditNote: creditNoteRouter,
  invoiceCondition: invoiceConditionRouter,
  invoiceType: invoiceTypeRouter,
  currency: currencyRouter,
  outbox: outboxRouter,
  paymentLink: paymentLinkRouter,
  purchaseOrder: purchaseOrderRouter,
  purchaseSettings: purchaseSettingsRouter,
  supplierBill: supplierBillRouter,
  payable: payableRouter,
  accounting: accountingRouter,
  account: accountRouter,
  journalEntry: journalEntryRouter,
  fiscalPeriod: fiscalPeriodRouter,
  tax: taxRouter,
  dgii: dgiiRouter,
  report: reportRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
