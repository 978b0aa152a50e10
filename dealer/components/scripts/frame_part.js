// A part of the editors' frame in the page's language, from the document's data block
// (empty while the page is built: the server fills the place in).
((block) => block ? (JSON.parse(block.textContent)[__LOCALE__] || {})[__PART__] || '' : '')(
  typeof document === 'undefined' ? null : document.getElementById(__DATA_ID__))
