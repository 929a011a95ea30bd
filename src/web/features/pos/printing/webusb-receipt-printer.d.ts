/** Types for @point-of-sale/webusb-receipt-printer (the package ships none; browser-only export). */
declare module "@point-of-sale/webusb-receipt-printer" {
  export interface ConnectedPrinterInfo {
    type: "usb";
    manufacturerName?: string;
    productName?: string;
    serialNumber?: string;
    vendorId: number;
    productId: number;
    language: string;
    codepageMapping: string;
    columns?: number;
  }
  export default class WebUSBReceiptPrinter {
    constructor(options?: { renderer?: unknown; rendererOptions?: Record<string, unknown> });
    connect(): Promise<void>;
    reconnect(device: { serialNumber?: string; vendorId: number; productId: number }): Promise<void>;
    disconnect(): Promise<void>;
    print(data: Uint8Array | number[]): Promise<void>;
    listen(): Promise<boolean | undefined>;
    addEventListener(event: "connected", listener: (device: ConnectedPrinterInfo) => void): void;
    addEventListener(event: "disconnected", listener: () => void): void;
    addEventListener(event: "data", listener: (data: DataView) => void): void;
  }
}
