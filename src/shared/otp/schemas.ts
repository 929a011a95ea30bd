import { z } from "zod";

/** 'custom_discount' (the POS's arbitrary discount) or a product's id. */
export const otpProductId = z.union([z.literal("custom_discount"), z.string().uuid("outbox:otp.errors.invalidProduct")], {
  error: "outbox:otp.errors.invalidProduct",
});

/** product.sendOTP: {productId, productName ('Descuento Personalizado'), requestId (the client's id of the request)}. */
export const sendOtpInput = z.object({
  productId: otpProductId,
  productName: z.string().trim().min(1, "outbox:otp.errors.productNameRequired").max(200),
  requestId: z.string().trim().min(1, "outbox:otp.errors.requestIdRequired").max(100),
});
export type SendOtpInput = z.infer<typeof sendOtpInput>;

/** product.verifyOTP: the 6-digit code the administrator read. */
export const verifyOtpInput = z.object({
  productId: otpProductId,
  requestId: z.string().trim().min(1, "outbox:otp.errors.requestIdRequired").max(100),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "outbox:otp.errors.invalidCode"),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpInput>;
