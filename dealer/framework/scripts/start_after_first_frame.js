// The start of the app's start script: wait for the first frame (a hidden tab draws
// none: there a second), then preload the app's modules in parallel. The build's own
// imports follow, made awaited (dealer/framework/shell.py).
await new Promise(function(r){requestAnimationFrame(function(){setTimeout(r)});setTimeout(r,1000)});
__PRELOADS__.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});
