import { useCallback, useMemo, useReducer } from 'react';
import type { AssetItem } from '@rushes/shared';

/** The selection: a map keyed by ingest_db_id (spec 000 §3), with the actions of spec 002 §9. */
export type SelectionMap = Readonly<Record<string, AssetItem>>;

type SelectionAction =
  | { type: 'selectItem'; asset: AssetItem }
  | { type: 'removeItem'; ingestDbId: string }
  | { type: 'selectAll'; assets: readonly AssetItem[] }
  | { type: 'reset' }
  | { type: 'keepOnly'; ids: ReadonlySet<string> };

function reduce(state: SelectionMap, action: SelectionAction): SelectionMap {
  switch (action.type) {
    case 'selectItem':
      return { ...state, [action.asset.ingest_db_id]: action.asset };
    case 'removeItem': {
      if (!(action.ingestDbId in state)) return state;
      const next = { ...state };
      delete next[action.ingestDbId];
      return next;
    }
    case 'selectAll':
      return Object.fromEntries(action.assets.map((a) => [a.ingest_db_id, a]));
    case 'reset':
      return Object.keys(state).length ? {} : state;
    case 'keepOnly': {
      const kept = Object.entries(state).filter(([id]) => action.ids.has(id));
      return kept.length === Object.keys(state).length ? state : Object.fromEntries(kept);
    }
  }
}

export function useSelection() {
  const [map, dispatch] = useReducer(reduce, {});
  const assets = useMemo(() => Object.values(map), [map]);
  const toggle = useCallback(
    (asset: AssetItem, on: boolean) =>
      dispatch(on ? { type: 'selectItem', asset } : { type: 'removeItem', ingestDbId: asset.ingest_db_id }),
    [],
  );
  const selectAll = useCallback(
    (all: readonly AssetItem[]) => dispatch({ type: 'selectAll', assets: all }),
    [],
  );
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  const keepOnly = useCallback((ids: ReadonlySet<string>) => dispatch({ type: 'keepOnly', ids }), []);
  return { map, assets, count: assets.length, toggle, selectAll, reset, keepOnly };
}

export type Selection = ReturnType<typeof useSelection>;
