// Whether the app keeps the cards the server sent: until the list has arrived, and then
// as long as the page holds them with the list's keys in its order (`ListCard.key`, the
// articles' data-card).
((loaded, keys) => {
  if (!loaded) return true;
  const element = typeof document === 'undefined' ? null : document.getElementById(__ELEMENT_ID__);
  return !!element && keys !== ''
    && Array.from(element.children, (card) => card.dataset.card).join(' ') === keys;
})
