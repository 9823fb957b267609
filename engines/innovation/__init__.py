"""Innovation (Carl Chudyk; classic base set, Iello 2011 edition), 2-4 players."""
