import "./styles/app.css";
import "./lib/i18n";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./app/routes";

createRoot(document.getElementById("root")!).render(<RouterProvider router={router} />);
