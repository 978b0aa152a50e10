// Escape inside the chat panel closes it, as its close button does.
useEffect(() => {
  const onKey = (event) => {
    const panel = document.getElementById(__PANEL_ID__);
    if (event.key === 'Escape' && panel && panel.contains(event.target))
      panel.querySelector('[data-chat-close]')?.click();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}, []);
