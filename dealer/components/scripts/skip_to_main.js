// The skip link moves focus into the main content itself (the router would otherwise
// treat the link's #fragment as a navigation and leave focus on the link).
((event) => {
  event.preventDefault();
  const main = document.getElementById(__MAIN_ID__);
  if (main) { main.focus({preventScroll: true}); main.scrollIntoView({block: 'start'}); }
})
