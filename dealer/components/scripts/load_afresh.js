// A link that loads its page anew instead of moving within the (failed) app.
((event) => { event.preventDefault(); window.location.assign(event.currentTarget.href); })
