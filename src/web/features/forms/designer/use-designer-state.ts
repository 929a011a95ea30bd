import * as React from "react";
import { canRedo, canUndo, createHistory, type History, pushHistory, redo, undo } from "../../../../shared/forms/designer";
import type { FormSchema } from "../../../../shared/forms/schema";

/** What is selected on the canvas: a field (by key) or a group (by id); selecting one clears the other (spec 03 §4). */
export type Selection = { kind: "field"; key: string } | { kind: "group"; id: string } | null;

type State = { history: History<FormSchema>; selection: Selection; mergeKey: string | null };

/**
 * The designer's document: the schema with its undo/redo snapshots (spec 03 §4) and the selection.
 * `apply(next, mergeKey)` takes a snapshot; consecutive changes with the same merge key (typing
 * into one input) replace the present instead, so one undo takes back the whole edit.
 */
export function useDesignerState(initial: FormSchema) {
  const [state, setState] = React.useState<State>(() => ({ history: createHistory(initial), selection: null, mergeKey: null }));
  const schema = state.history.present;

  const apply = React.useCallback((change: FormSchema | ((s: FormSchema) => FormSchema), mergeKey: string | null = null, selection?: Selection) => {
    setState((s) => {
      const next = typeof change === "function" ? change(s.history.present) : change;
      const sel = selection === undefined ? s.selection : selection;
      if (Object.is(next, s.history.present)) return sel === s.selection ? s : { ...s, selection: sel };
      const merging = mergeKey !== null && mergeKey === s.mergeKey;
      const history = merging ? { ...s.history, present: next, future: [] } : pushHistory(s.history, next);
      return { history, selection: sel, mergeKey };
    });
  }, []);

  const select = React.useCallback((selection: Selection) => setState((s) => ({ ...s, selection, mergeKey: null })), []);
  const doUndo = React.useCallback(() => setState((s) => ({ ...s, history: undo(s.history), mergeKey: null })), []);
  const doRedo = React.useCallback(() => setState((s) => ({ ...s, history: redo(s.history), mergeKey: null })), []);
  /** Ends a merge run (an input lost the focus), so the next edit is its own snapshot. */
  const seal = React.useCallback(() => setState((s) => (s.mergeKey === null ? s : { ...s, mergeKey: null })), []);

  return {
    schema,
    selection: state.selection,
    apply,
    select,
    seal,
    undo: doUndo,
    redo: doRedo,
    canUndo: canUndo(state.history),
    canRedo: canRedo(state.history),
  };
}

export type DesignerState = ReturnType<typeof useDesignerState>;
