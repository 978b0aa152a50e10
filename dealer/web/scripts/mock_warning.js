// SPEC §1: in mock-data mode the console says so (for developers, not translated).
console.warn('Mock data mode: bundled demo data replaces the content and stock APIs.')
