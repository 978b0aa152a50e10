// While the page is shown, the document's icon is the page's own.
useEffect(() => {
  document.querySelectorAll('link[rel~="icon"]').forEach((link) => link.setAttribute('href', __HREF__));
}, []);
