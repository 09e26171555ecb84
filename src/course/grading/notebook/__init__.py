"""The notebook's room: what runs in the zygote and in a graded notebook's confined process
(the sandbox, batched calls, the hidden tests' shipped helpers); it imports only the wire."""
