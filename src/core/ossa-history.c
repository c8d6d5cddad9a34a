/* placeholder: being written */
typedef int ossa_placeholder_history;
