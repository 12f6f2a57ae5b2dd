"use client";

import { useEffect, useRef, useState } from "react";
import { api, settle } from "@/components/compose/api";

// A text input with place suggestions from GET /v1/address/autocomplete (a ZIP prefix or the
// start of a city name), as an ARIA 1.2 combobox: arrows move through the list, Enter picks,
// Escape closes it and keeps the text, ArrowDown opens it again. Suggestions are a convenience:
// the address is verified again by the quote.

export type Place = { zip: string; city: string; state: string; zips?: string[] };

const cache = new Map<string, Place[]>();
// The route allows 30 lookups a minute; after a 429 the form stays quiet until Retry-After.
let quietUntil = 0;

async function lookUp(q: string): Promise<Place[]> {
  const cached = cache.get(q);
  if (cached) return cached;
  if (Date.now() < quietUntil) return [];
  const res = await settle(api.GET("/v1/address/autocomplete", { params: { query: { q, limit: 6 } } }));
  if (!res.ok) {
    if (res.http === 429) quietUntil = Date.now() + (res.retryAfterSeconds ?? 60) * 1000;
    return [];
  }
  const places: Place[] = res.suggestions;
  cache.set(q, places);
  return places;
}

const placeLabel = (p: Place) =>
  p.zips && p.zips.length > 1 ? `${p.city}, ${p.state} (ZIP ${p.zips[0]} to ${p.zips[p.zips.length - 1]})` : `${p.city}, ${p.state} ${p.zip}`;

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (place: Place) => void;
  /** Whether this value is worth a lookup (e.g. three characters, and the rest not filled in yet). */
  shouldSuggest: (value: string) => boolean;
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
};

export function PlaceCombobox({ id, label, value, onChange, onPick, shouldSuggest, inputProps }: Props) {
  const [options, setOptions] = useState<Place[]>([]);
  // The text the options were found for: ArrowDown reopens a closed list only for that text.
  const [optionsFor, setOptionsFor] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${id}-options`;
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // The option the arrows reach stays in sight in a list that scrolls.
  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, listId]);

  function stopLookup() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  function typed(next: string) {
    onChange(next);
    stopLookup();
    if (!shouldSuggest(next)) {
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      const found = await lookUp(next.trim());
      // Only for the field still being typed in: an answer after leaving it opens nothing.
      if (document.activeElement !== input.current || input.current?.value !== next) return;
      setOptions(found);
      setOptionsFor(next);
      setActive(-1);
      setOpen(found.length > 0);
    }, 250);
  }

  function pick(p: Place) {
    onPick(p);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Escape") {
      // The typed text stays; a lookup still on its way does not open the list afterwards.
      stopLookup();
      if (open) e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (!open) {
      // A list closed with Escape (or by leaving the field) opens again on ArrowDown, on its first option.
      if (e.key === "ArrowDown" && options.length > 0 && optionsFor === value) {
        e.preventDefault();
        setOpen(true);
        setActive(0);
      }
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      // From no option, ArrowUp goes to the last one; past either end, round to the other.
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (e.key === "Enter" && active >= 0) {
      e.preventDefault();
      pick(options[active]);
    }
  }

  return (
    <div className="relative">
      <input
        {...inputProps}
        ref={input}
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(e) => typed(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Suggestions for ${label}`}
        hidden={!open}
        className="absolute left-0 z-20 mt-1 max-h-60 w-max min-w-full max-w-[calc(100vw-2rem)] overflow-auto rounded border border-stone-300 bg-white py-1 text-sm shadow-lg"
      >
        {options.map((p, i) => (
          <li
            key={`${p.zip}-${p.city}-${p.state}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-1.5 ${i === active ? "bg-blue-700 text-white" : "hover:bg-stone-100"}`}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(p);
            }}
          >
            {placeLabel(p)}
          </li>
        ))}
      </ul>
      <span className="sr-only" aria-live="polite">
        {open ? `${options.length} suggestion${options.length === 1 ? "" : "s"}; use the arrow keys to choose.` : ""}
      </span>
    </div>
  );
}
