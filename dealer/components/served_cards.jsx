// The controls of a card the server sent (`views.stock.cards_part`), put by the app into
// that card's empty place for them: the app keeps the served cards instead of drawing the
// same cards again (`components.html_parts.served_cards`).
import { createPortal } from "react-dom";

export function ServedCardControls({ grid, card, children }) {
  if (typeof document === "undefined") return null;
  const place = document.getElementById(grid)
    ?.querySelector(`:scope > [data-card="${card}"] > .list-card-actions`);
  return place ? createPortal(children, place) : null;
}
