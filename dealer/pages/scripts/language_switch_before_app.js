// The language switch's target before the page is connected: the path of the hreflang
// link the server put in the head for the other language (else its home), with the
// language choice appended.
((path) => path + __CHOICE__)((typeof document !== 'undefined' && document.head.querySelector(__LINK__))
  ? new URL(document.head.querySelector(__LINK__).href).pathname : __HOME__)
