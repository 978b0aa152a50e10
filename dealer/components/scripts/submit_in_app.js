// A search form of a list page (its on_submit, given the form's fields by name) goes to
// its search in the app, as a link does (rxFrameNavigate: the router's navigate): the
// query of the search without the form's boxes (the hidden field __BASE__) with the boxes
// added, whitespace as the server reads it, an empty box left out, the parameters in
// order: the URL the server writes for that search.
((data) => {
  const url = new URL(data[__BASE__], window.location.origin);
  for (const [name, value] of Object.entries(data)) {
    if (name === __BASE__) continue;
    const text = String(value).trim().split(/\s+/).join(' ');
    if (text) url.searchParams.set(name, text); else url.searchParams.delete(name);
  }
  url.searchParams.sort();
  rxFrameNavigate(url.pathname + url.search);
})
