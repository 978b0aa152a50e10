// The chat bubble shows this long after the app took over the page.
useEffect(() => {
  const timer = setTimeout(() => setRxChatBubbleShown(true), __DELAY_MS__);
  return () => clearTimeout(timer);
}, []);
