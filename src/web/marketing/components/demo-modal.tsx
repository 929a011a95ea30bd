import { useRef } from "react";
import { CloseIcon, PlayIcon } from "./icons";
import { useNsT } from "./text";

/**
 * The demo button and its video-placeholder modal (island). A native modal <dialog>: the page
 * behind is inert (focus stays inside), Escape closes it, and focus returns to the button. A click
 * on the backdrop (outside the panel) or on the close button closes it too.
 */
export function DemoModal() {
  const { m } = useNsT("marketing");
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50"
      >
        <PlayIcon />
        {m("demo.open")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="demo-title"
        onClick={(e) => {
          if (e.target === dialog.current) close();
        }}
        onClose={() => opener.current?.focus()}
        className="m-auto w-[min(92vw,48rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/70"
      >
        <div className="p-5">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id="demo-title" className="text-lg font-semibold text-slate-900">
              {m("demo.title")}
            </h2>
            <button type="button" onClick={close} aria-label={m("demo.close")} className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100">
              <CloseIcon />
            </button>
          </div>
          <div className="flex aspect-video flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 px-6 text-center text-slate-100">
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/15" role="img" aria-label={m("demo.play")}>
              <PlayIcon className="h-8 w-8" />
            </span>
            <p>{m("demo.placeholder")}</p>
          </div>
        </div>
      </dialog>
    </>
  );
}
