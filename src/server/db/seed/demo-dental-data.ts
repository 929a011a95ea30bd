import { crc32, deflateSync } from "node:zlib";

/**
 * The demo clinic's people and a generated x-ray (issue 18 'Demo data'): realistic Dominican
 * names, valid cédulas (Luhn, checked in demo-dental.test.ts), one patient allergic to penicillin.
 */
export const DEMO_DENTISTS = [
  { code: "ODO-001", name: "Dra. Laura Méndez", position: "Odontóloga general", identification: "00112345673", phone: "809-555-0191", email: "laura.mendez@sonrisacaribe.do" },
  { code: "ODO-002", name: "Dr. Rafael Guzmán", position: "Endodoncista", identification: "40209876545", phone: "809-555-0192", email: "rafael.guzman@sonrisacaribe.do" },
] as const;

export interface DemoPatient {
  name: string;
  cedula: string;
  phone: string;
  email: string | null;
  address: string;
  birthDate: string;
  gender: "male" | "female";
  bloodType: string;
  allergies: string[];
  medications: string[];
  conditions: { diabetes: boolean; hypertension: boolean; heartProblems: boolean; pregnancy: boolean; other?: string };
  insurance: { provider: string; policyNumber: string; groupNumber: string; expiryDate: string } | null;
  emergencyContact: { name: string; relationship: string; phone: string; notes: string } | null;
}

const healthy = { diabetes: false, hypertension: false, heartProblems: false, pregnancy: false };

export const DEMO_PATIENTS: readonly DemoPatient[] = [
  {
    name: "María Altagracia Peña Rosario",
    cedula: "03104567890",
    phone: "809-555-0301",
    email: "maria.pena@correo.do",
    address: "Calle El Conde 54, Zona Colonial, Santo Domingo",
    birthDate: "1982-03-14",
    gender: "female",
    bloodType: "O+",
    allergies: ["Penicilina"],
    medications: ["Losartán 50 mg"],
    conditions: { ...healthy, hypertension: true },
    insurance: { provider: "ARS Humano", policyNumber: "HUM-4581236", groupNumber: "G-220", expiryDate: "2027-06-30" },
    emergencyContact: { name: "Ramón Peña", relationship: "Esposo", phone: "829-555-0302", notes: "" },
  },
  {
    name: "José Manuel Rodríguez Féliz",
    cedula: "22303456788",
    phone: "829-555-0311",
    email: "jm.rodriguez@correo.do",
    address: "Av. 27 de Febrero 215, Naco, Santo Domingo",
    birthDate: "1975-11-02",
    gender: "male",
    bloodType: "A+",
    allergies: [],
    medications: ["Metformina 850 mg"],
    conditions: { ...healthy, diabetes: true },
    insurance: { provider: "ARS Universal", policyNumber: "UNI-7730145", groupNumber: "", expiryDate: "2027-01-31" },
    emergencyContact: null,
  },
  {
    name: "Carmen Yudelka Santos Batista",
    cedula: "04705678904",
    phone: "849-555-0321",
    email: null,
    address: "Calle Duarte 12, Santiago de los Caballeros",
    birthDate: "1994-07-21",
    gender: "female",
    bloodType: "B+",
    allergies: [],
    medications: [],
    conditions: healthy,
    insurance: null,
    emergencyContact: { name: "Altagracia Batista", relationship: "Madre", phone: "809-555-0322", notes: "" },
  },
  {
    name: "Luis Miguel Almonte Cruz",
    cedula: "00106789019",
    phone: "809-555-0331",
    email: "luis.almonte@correo.do",
    address: "Av. Independencia 1450, Gazcue, Santo Domingo",
    birthDate: "1968-01-30",
    gender: "male",
    bloodType: "O-",
    allergies: [],
    medications: [],
    conditions: { ...healthy, heartProblems: true, other: "Marcapasos desde 2019" },
    insurance: { provider: "SeNaSa", policyNumber: "SEN-1029384", groupNumber: "", expiryDate: "2026-12-31" },
    emergencyContact: { name: "Rosa Cruz", relationship: "Hermana", phone: "829-555-0332", notes: "" },
  },
  {
    name: "Ana Victoria Jiménez Polanco",
    cedula: "00114725831",
    phone: "829-555-0341",
    email: "ana.jimenez@correo.do",
    address: "Calle Las Palmas 8, Bella Vista, Santo Domingo",
    birthDate: "2001-09-05",
    gender: "female",
    bloodType: "AB+",
    allergies: [],
    medications: [],
    conditions: healthy,
    insurance: null,
    emergencyContact: null,
  },
  {
    name: "Pedro Antonio Tavárez Núñez",
    cedula: "40212345678",
    phone: "809-555-0351",
    email: null,
    address: "Av. Las Américas 33, Santo Domingo Este",
    birthDate: "1989-12-12",
    gender: "male",
    bloodType: "A-",
    allergies: [],
    medications: [],
    conditions: healthy,
    insurance: { provider: "ARS Palic", policyNumber: "PAL-5566001", groupNumber: "", expiryDate: "2027-03-31" },
    emergencyContact: null,
  },
];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A periapical x-ray look-alike as an 8-bit grayscale PNG: a dark film, two molars (bright
 * crowns over tapering roots), a filling brighter than enamel and a dark spot at the root's apex
 * (the finding the demo annotates with an arrow).
 */
export function demoXrayPng(width = 480, height = 360): Buffer {
  const rows: Buffer[] = [];
  const teeth = [
    { cx: 0.33, filled: false },
    { cx: 0.67, filled: true },
  ];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1);
    row[0] = 0; // filter: none
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      // Film with a soft vignette and bone texture.
      let g = 38 + 22 * Math.sin(u * 31 + v * 17) * Math.sin(v * 23) + 20 * (1 - Math.abs(u - 0.5) * 1.6);
      for (const t of teeth) {
        const dx = (u - t.cx) / 0.15;
        const crown = dx * dx + ((v - 0.28) / 0.18) ** 2;
        if (crown < 1) g = 205 - 40 * crown;
        const rootHalf = 0.1 * (1 - (v - 0.38) / 0.5);
        if (v > 0.38 && v < 0.88 && Math.abs(u - t.cx) < rootHalf) g = Math.max(g, 160 - 60 * ((v - 0.38) / 0.5));
        if (t.filled && ((u - t.cx) / 0.07) ** 2 + ((v - 0.2) / 0.06) ** 2 < 1) g = 250;
      }
      // The periapical radiolucency under the right molar's root.
      if (((u - 0.67) / 0.05) ** 2 + ((v - 0.9) / 0.04) ** 2 < 1) g = 24;
      row[x + 1] = Math.max(0, Math.min(255, Math.round(g)));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
