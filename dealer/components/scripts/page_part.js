// The HTML the server filled into the page's place, kept by the app's drawings: read once
// from the element (a later reading would hold what the app has put into it since).
((element) => element ? (element.servedHtml ??= element.innerHTML) : '')(
  typeof document === 'undefined' ? null : document.getElementById(__ELEMENT_ID__))
