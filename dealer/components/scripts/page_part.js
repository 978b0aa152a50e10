// The HTML the server filled into the page's place, kept by the app's first drawing.
((element) => element ? element.innerHTML : '')(
  typeof document === 'undefined' ? null : document.getElementById(__ELEMENT_ID__))
